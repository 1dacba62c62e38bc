/**
 * A file the import refuses as a whole: its message says why in words an administrator can act
 * on (contract/imports.ts IMPORT_MESSAGES). It is an `invalid-argument` AppError, so a route that
 * lets it through answers 400 with that message.
 */
import { AppError } from '../../core/errors';

export class ImportFileError extends AppError {
  constructor(message: string) {
    super('invalid-argument', message);
    this.name = 'ImportFileError';
  }
}
