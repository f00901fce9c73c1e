/**
 * Benchmarks that print figures: relearn's query latency beside plain Lucene in the same run
 * ({@link dev.relearn.eval.bench.LatencyBenchmark}, once the JIT compiler has settled: {@link
 * dev.relearn.eval.bench.WarmUp}; the learned mode after {@link
 * dev.relearn.eval.bench.SimulatedFeedback}), indexing speed beside the model alone and plain
 * Lucene ({@link dev.relearn.eval.bench.IndexingBenchmark}), both at up to a million chunks of the
 * Linux kernel's source with a million feedback events ({@link
 * dev.relearn.eval.bench.ScaleBenchmark}), and what the index costs on disk and in heap.
 */
package dev.relearn.eval.bench;
