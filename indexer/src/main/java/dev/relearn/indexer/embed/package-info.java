/**
 * Embedders: the in-process bge-small ONNX model (the default), a dependency-free hashing
 * fallback, an in-memory LRU for query vectors, and a persistent cache of document vectors keyed
 * by model and content hash ({@link dev.relearn.indexer.embed.VectorStore}), which compaction
 * rewrites with the vectors still needed; the stores of one process on one file share it, and
 * its lock, until the last closes.
 */
package dev.relearn.indexer.embed;
