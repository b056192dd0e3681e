// Integration tests start the built app (and may migrate a PostgreSQL schema) in their hooks.
jest.setTimeout(60_000);
