// Server tests run against a real database: PGlite in memory, or PostgreSQL when
// TEST_DATABASE_URL is set (each test file then gets a database of its own).
process.env.TZ = 'UTC';
