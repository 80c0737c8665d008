import { performance } from 'node:perf_hooks';
import { xlsxStream } from '../lib/export/xlsx';
import { csvStream } from '../lib/export/csv';
import type { ExportTable } from '../lib/export/table';
async function* rows(n: number) {
  for (let b = 0; b < n / 5000; b++) yield Array.from({ length: 5000 }, (_, i) => [
    { value: '20261121120000', format: 'timestamp14' as const }, { value: '852000100000001' }, { value: 'Golden Harbour Seafood Restaurant (Kwun Tong)' }, { value: 'T10000008' },
    { value: `EP2026112200000${b}${i}` }, { value: 'VISA' }, { value: '11' }, { value: 'SALE' }, { value: '1234.56', format: 'amount' as const }, { value: 'SUCCESS' }]);
}
async function main() {
  for (const [name, make] of [['csv', csvStream], ['xlsx', xlsxStream]] as const) {
    const t0 = performance.now(); let bytes = 0;
    const tables: ExportTable[] = [{ name: 'T', header: Array.from({ length: 10 }, (_, i) => `h${i}`), rows: rows(85000) }];
    for await (const c of make(tables)) bytes += c.byteLength;
    const s = (performance.now() - t0) / 1000;
    console.log(name, bytes, s.toFixed(2), 's', Math.round(85000 / s), 'rows/s');
  }
}
void main();
