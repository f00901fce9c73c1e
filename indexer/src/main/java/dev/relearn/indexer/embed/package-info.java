/**
 * Embedders: the in-process bge-small ONNX model (the default) with its tokenizer as a token
 * counter ({@link dev.relearn.indexer.embed.BgeSmallTokens}), a dependency-free hashing fallback
 * and an in-memory LRU for query vectors; ONNX Runtime's native libraries load from a per-user
 * cache ({@link dev.relearn.indexer.embed.OnnxNatives}). Document vectors are not cached here: a
 * re-index takes them from the index itself ({@link dev.relearn.indexer.build.IndexBuilder}).
 */
package dev.relearn.indexer.embed;
