/**
 * Bench module: the SPA's first-load JavaScript, gzipped (budget 125 KB), and what the member
 * map's page loads beyond it (its own chunks and MapLibre), which no other page pays for.
 */
import { buildWeb, lazyLoad } from '../../web/buildWeb';
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
    const mapPage = await lazyLoad(tmpDir, 'src/features/map/');
    log(`the map page: ${mapPage.files.length} lazy files`);
    return [
      { name: 'spa.first_load_js_gz_kb', value: kb(firstLoadJs.gzipBytes), unit: 'KB', budget: FIRST_LOAD_BUDGET_KB },
      { name: 'spa.map_page_js_gz_kb', value: kb(mapPage.gzipBytes), unit: 'KB', budget: null },
    ];
  },
};
