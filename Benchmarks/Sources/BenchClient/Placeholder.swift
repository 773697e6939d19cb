// bench.py writes apigen's output for ../api-spec next to this file before it builds RuntimeBench; those
// files are git-ignored. This file only keeps the target non-empty in a fresh clone.
