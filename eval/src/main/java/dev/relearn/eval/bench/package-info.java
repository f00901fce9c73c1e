/**
 * Benchmarks that print figures: relearn's query latency beside plain Lucene in the same run
 * ({@link dev.relearn.eval.bench.LatencyBenchmark}, measured once the JIT compiler has settled:
 * {@link dev.relearn.eval.bench.WarmUp}), indexing speed beside the embedding model
 * alone and plain Lucene in the same run ({@link dev.relearn.eval.bench.IndexingBenchmark}),
 * both at up to a million chunks of the Linux kernel's source with a million feedback events
 * ({@link dev.relearn.eval.bench.ScaleBenchmark}), and what the benchmarked index costs on disk
 * and in heap ({@link dev.relearn.eval.bench.MemoryFigures}).
 */
package dev.relearn.eval.bench;
