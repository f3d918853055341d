import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the summary names. */
const SLOWEST = 10;

/** A file's own time: importing it (and what it imports), its hooks and its tests. */
function moduleSeconds(module: TestModule): number {
  const d = module.diagnostic();
  return (
    (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000
  );
}

/**
 * Ends the run with one plain line, "N passed, N failed, N skipped", that any CI can read, after the
 * ten slowest files with their project (the database they ran on), so every run says where its time went.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
    }
    const slowest = [...testModules]
      .map((module) => ({
        seconds: moduleSeconds(module),
        project: module.project.name,
        file: module.relativeModuleId,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST);
    const lines = slowest.map(
      ({ seconds, project, file }) => `  ${seconds.toFixed(1).padStart(6)} s  ${project.padEnd(8)} ${file}`,
    );
    process.stdout.write(`\nslowest files:\n${lines.join('\n')}\n`);
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
