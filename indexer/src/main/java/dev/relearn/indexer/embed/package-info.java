/**
 * Embedders: the in-process bge-small ONNX model (the default), a dependency-free hashing
 * fallback, an in-memory LRU for query vectors, and a persistent cache of document vectors keyed
 * by model and content hash ({@link dev.relearn.indexer.embed.VectorStore}), which compaction
 * rewrites with the vectors still needed.
 */
package dev.relearn.indexer.embed;
