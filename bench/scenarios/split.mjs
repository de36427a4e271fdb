// S1 taken apart (run with --expose-gc): the same pull as S1 through client.pages, each page fed to a
// FrameBuilder as it arrives (what brandscapeData itself does), so the fetch part and the frame part
// are timed apart, and what holding the gathered rows, loading danfo and holding the frame each
// cost is read from the settled heap between the steps. Those readings (full collections) are the
// scenario's, not the library's: their CPU is reported apart (readingsCpuMs), so that the process's
// CPU less it compares with S1's.
import { childConfig, loadLibrary, main, now, pullOptions, report, settledMemory, TOKEN } from "../lib/common.mjs";

let readingsCpuMs = 0;
const processCpuMs = () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
};
function heapReading() {
  const cpuBefore = process.cpuUsage();
  const reading = settledMemory();
  const cpu = process.cpuUsage(cpuBefore);
  readingsCpuMs += (cpu.user + cpu.system) / 1000;
  return reading;
}

main(async () => {
  const config = childConfig();
  const { Client, FrameBuilder } = loadLibrary();
  const base = heapReading();

  const client = new Client({ authToken: TOKEN, baseUrl: config.url, verbose: false });
  const cpuAtStart = process.cpuUsage();
  const start = now();
  // the pages as they come, records never asked for: the builder takes the columns each page's pull decoded
  let builder = new FrameBuilder();
  let total;
  let firstPageMs;
  for await (const page of client.pages("brandscapeData", pullOptions(config))) {
    firstPageMs ??= now() - start;
    total = page.total;
    builder.add(page);
  }
  const fetchMs = now() - start;
  const fetchCpu = process.cpuUsage(cpuAtStart);
  const fetchCpuMs = (fetchCpu.user + fetchCpu.system) / 1000;
  await client.aclose();
  const fetchPeakRssMiB = process.resourceUsage().maxRSS / 1024;
  const withRecords = heapReading();

  let mark = now();
  await new FrameBuilder().toFrame(); // danfo loaded as the library loads it: its bundled copy, through the code cache
  const danfoLoadMs = now() - mark;
  const withDanfo = heapReading();

  mark = now();
  const frame = await builder.toFrame();
  const frameMs = now() - mark;
  const withFrame = heapReading();
  builder = null;
  const frameOnly = heapReading();

  const [rows, columns] = frame.shape;
  const problems = [];
  if (rows !== total) problems.push(`${rows} frame rows, meta.total ${total}`);
  report({
    rows,
    columns,
    fetchMs,
    fetchCpuMs,
    firstPageMs,
    danfoLoadMs,
    frameMs,
    frameUsPerCell: (frameMs * 1000) / (rows * columns),
    callMs: fetchMs + danfoLoadMs + frameMs,
    readingsCpuMs,
    libraryCpuMs: processCpuMs() - readingsCpuMs,
    fetchPeakRssMiB,
    baseHeapMiB: base.heapMiB,
    recordsHeapMiB: withRecords.heapMiB - base.heapMiB,
    danfoHeapMiB: withDanfo.heapMiB - withRecords.heapMiB,
    danfoRssMiB: withDanfo.rssMiB - withRecords.rssMiB,
    frameHeapMiB: frameOnly.heapMiB - withDanfo.heapMiB + withRecords.heapMiB - base.heapMiB,
    frameBuildExtraHeapMiB: withFrame.heapMiB - withDanfo.heapMiB,
    frameOnlyHeapMiB: frameOnly.heapMiB,
    problems,
  });
  frame.shape; // keep the frame alive until the end
});
