/** The calls of ALL_CALLS at an index of 3 modulo 4, fuzzed by call-fuzz.ts. */
import { describeCallFuzz } from './call-fuzz.ts';

describeCallFuzz(3, 4);
