/** Every command of the model-based test, and the arbitrary of their sequences. */
import fc from 'fast-check';
import { command, type ChurchCommand } from './command';
import { addFamily, addMember, directoryCommands } from './directory-commands';
import { addGroup, addRole, groupCommands } from './group-commands';
import { expectApiMatches } from './picture';
import { privacyCommands } from './privacy-commands';
import { raceCommands } from './race-commands';
import { userCommands } from './user-commands';

/** The model and the API compared in the middle of a sequence, not only at its end. */
const compare = command('compare', fc.constant(null), { run: async (m, r) => void (await expectApiMatches(m, r)) });

/** fc.commands picks evenly among its arbitraries: adds are listed more than once, so a church grows while it is changed. */
export const allCommands = [
  ...directoryCommands,
  ...groupCommands,
  ...userCommands,
  ...raceCommands,
  ...privacyCommands,
  compare,
  addFamily,
  addMember,
  addMember,
  addGroup,
  addRole,
  addRole,
  addRole,
];

/** Sequences of `min` to `max` commands (those whose check fails for the model at their turn are skipped). */
export const commandSequences = (min: number, max: number): fc.Arbitrary<Iterable<ChurchCommand>> =>
  fc.commands(allCommands, { maxCommands: max, size: 'max' }).filter((cmds) => [...cmds].length >= min);
