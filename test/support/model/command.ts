/** One way to write the model-based test's commands: a name, the arbitrary of its inputs, and its check and run. */
import fc from 'fast-check';
import { photoJpeg } from '../photos';
import { uploadNewFamilyPhoto as uploadForNewFamily, uploadPhoto } from '../upload';
import type { ChurchModel, Real } from './church';

export type ChurchCommand = fc.AsyncCommand<ChurchModel, Real>;

export interface CommandSpec<A> {
  /** Only chosen when meaningful for the model (something to pick, say). */
  check?: (m: Readonly<ChurchModel>, input: A) => boolean;
  /** Calls the API, asserts its answers against the model, then brings the model along. */
  run: (m: ChurchModel, r: Real, input: A) => Promise<void>;
}

export function command<A>(name: string, inputs: fc.Arbitrary<A>, spec: CommandSpec<A>): fc.Arbitrary<ChurchCommand> {
  return inputs.map((input) => ({
    check: (m: Readonly<ChurchModel>) => spec.check?.(m, input) ?? true,
    run: async (m: ChurchModel, r: Real) => {
      r.ran.set(name, (r.ran.get(name) ?? 0) + 1);
      await spec.run(m, r, input);
    },
    toString: () => `${name}(${fc.stringify(input)})`,
  }));
}

/** A small photo: the model test counts photos, not pixels. */
const JPEG = photoJpeg(7, 48, 32);

/** A photo uploaded by the church's administrator for this family. */
export const uploadFamilyPhoto = (r: Real, familyId: string) => uploadPhoto(r.church.adminToken, familyId, JPEG);

/** A photo uploaded by the church's administrator for a family being added (with this request key). */
export const uploadNewFamilyPhoto = (r: Real) => uploadForNewFamily(r.church.adminToken, JPEG);
