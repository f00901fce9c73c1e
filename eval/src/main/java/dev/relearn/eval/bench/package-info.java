/** Benchmarks that print figures: relearn's query latency beside plain Lucene in the same run. */
package dev.relearn.eval.bench;
