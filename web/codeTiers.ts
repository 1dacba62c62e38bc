/**
 * How the SPA's code is cut into files. Left to itself the bundler makes a file of every set of
 * modules that a different set of pages shares: the families page needed 23 files beside the first
 * load, and Amplify's start-up 14 more. Over HTTP/1.1 a browser fetches six at a time, and on a
 * phone's network each round costs a round trip (Lighthouse's mobile profile: 150 ms), so the page
 * waited on round trips rather than bytes. Tiers instead, beside the first load (what the entry
 * imports statically, left as the bundler cuts it):
 *  - `startup`: what the app loads at once on every page (the entry's dynamic imports, and those
 *    of the modules it calls at once: Amplify's auth, the API client), with all they import;
 *  - `views`: what the directory's first pages (the dashboard, the family list and grid, groups:
 *    those a member opens first) import, less the pages themselves;
 *  - `pages`: what two or more other lazy pages share (the UI library's form fields, the schemas);
 *  - each page's own chunk, as before.
 * The families page then needs 6 files beside the first load instead of 35 (175 KB gz in all, not
 * 203), and none of the UI library's primitives (their theme alone is 75 KB of script): the pages
 * the directory opens on draw its look with its class names (components/PageTitle.tsx,
 * StatusMessage.tsx, PlainButton.tsx).
 */
import type { Plugin } from 'vite';

export interface CodeTiers {
  /** Learns which modules belong to which tier once the module graph is built. */
  plugin: Plugin;
  /** Rolldown's output.codeSplitting. */
  codeSplitting: {
    groups: {
      name: string;
      test: (id: string) => boolean;
      priority: number;
      minShareCount?: number;
      includeDependenciesRecursively: false;
    }[];
  };
}

/**
 * @param entry the app's entry (main.tsx), absolute
 * @param startedAtOnce modules whose dynamic imports the app starts at once, absolute
 * @param firstPages the directory's first pages (their modules, absolute)
 */
export function codeTiers(entry: string, startedAtOnce: string[], firstPages: string[]): CodeTiers {
  const firstLoad = new Set<string>();
  const startup = new Set<string>();
  const views = new Set<string>();
  const plugin: Plugin = {
    name: 'code-tiers',
    apply: 'build',
    // The groups' tests run when the chunks are made, after the graph is complete (buildEnd).
    buildEnd() {
      const follow = (id: string, into: Set<string>) => {
        if (firstLoad.has(id) || into.has(id)) return;
        into.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) follow(next, into);
      };
      follow(entry, firstLoad);
      for (const module of [entry, ...startedAtOnce])
        for (const id of this.getModuleInfo(module)?.dynamicallyImportedIds ?? []) follow(id, startup);
      const earlier = new Set([...firstLoad, ...startup]);
      for (const page of firstPages)
        for (const id of this.getModuleInfo(page)?.importedIds ?? []) if (!earlier.has(id)) follow(id, views);
      for (const page of firstPages) views.delete(page);
    },
  };
  return {
    plugin,
    codeSplitting: {
      // Not recursively: a captured module's dependencies in the first load must stay there, or
      // the entry would import the group's file and the first load would hold it all. What a tier's
      // modules import is in that tier or an earlier one, so each file still runs in order.
      groups: [
        { name: 'startup', test: (id) => startup.has(id), priority: 3, includeDependenciesRecursively: false },
        {
          name: 'views',
          test: (id) => views.has(id) && !startup.has(id),
          priority: 2,
          includeDependenciesRecursively: false,
        },
        {
          name: 'pages',
          test: (id) => !firstLoad.has(id) && !startup.has(id) && !views.has(id),
          minShareCount: 2,
          priority: 1,
          includeDependenciesRecursively: false,
        },
      ],
    },
  };
}
