// A fleet starts in tens of seconds and its tests wait on several processes.
jest.setTimeout(60_000);
process.env.LOG_LEVEL ??= 'silent';
