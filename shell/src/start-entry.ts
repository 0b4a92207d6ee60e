// Entry of the start script (see start.ts).
import { start } from './start';

start();
