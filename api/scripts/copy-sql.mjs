// Copies the SQL migrations next to the compiled JavaScript.
import { cpSync } from 'node:fs';
cpSync('src/db/migrations', 'dist/db/migrations', { recursive: true });
