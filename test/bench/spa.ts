/** Bench module: the SPA's first-load JavaScript, gzipped; budget 125 KB. */
import { buildWeb } from '../../web/buildWeb';
import { kb, type BenchModule } from './metrics';

export const FIRST_LOAD_BUDGET_KB = 125;

export const spa: BenchModule = {
  name: 'spa',
  async run({ tmpDir, log }) {
    const { firstLoadJs } = await buildWeb({ outDir: tmpDir });
    if (firstLoadJs.files.length === 0 || firstLoadJs.gzipBytes <= 0) {
      throw new Error('buildWeb reported no first-load JavaScript');
    }
    log(`built the SPA: ${firstLoadJs.files.length} first-load files`);
    return [
      { name: 'spa.first_load_js_gz_kb', value: kb(firstLoadJs.gzipBytes), unit: 'KB', budget: FIRST_LOAD_BUDGET_KB },
    ];
  },
};
