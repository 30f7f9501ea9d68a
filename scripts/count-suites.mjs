// Reads vitest's JSON report and prints how many PostgreSQL and Redis tests ran, and fails
// when CI asked for them (TEST_DATABASE_URL / TEST_REDIS_URL) but none ran.
import fs from 'node:fs';

const report = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const tests = report.testResults.flatMap((file) => file.assertionResults);
const ran = (word) => tests.filter((t) => t.status === 'passed' && t.fullName.toLowerCase().includes(word)).length;
const postgres = ran('postgres');
const redis = ran('redis');
console.log(`postgres tests passed: ${postgres}`);
console.log(`redis tests passed: ${redis}`);
console.log(
  `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
);
if (process.env.TEST_DATABASE_URL && postgres === 0) {
  console.error('TEST_DATABASE_URL is set but no PostgreSQL test ran');
  process.exit(1);
}
if (process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL && redis === 0) {
  console.error('TEST_REDIS_URL is set but no Redis test ran');
  process.exit(1);
}
