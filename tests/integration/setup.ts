// Suites start their own reference service and seed its database: allow for that.
jest.setTimeout(60_000);
