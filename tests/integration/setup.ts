// Suites start their own reference service and seed its database: allow for that.
jest.setTimeout(60_000);
// Log lines would bury the test output; the logging tests capture their own.
process.env.LOG_LEVEL ??= 'silent';
