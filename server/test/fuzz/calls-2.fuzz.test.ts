/** The calls of ALL_CALLS at an index of 1 modulo 2, fuzzed by call-fuzz.ts. */
import { describeCallFuzz } from './call-fuzz.ts';

describeCallFuzz(1, 2);
