/**
 * The {@link dev.relearn.lucene.embed.Embedder} contract that the index depends on, the checks
 * applied to every vector, the {@link dev.relearn.lucene.embed.TokenCounter} of a model's input
 * limit, and {@link dev.relearn.lucene.embed.ForwardingEmbedder} for wrappers. Implementations
 * live in the indexer module.
 */
package dev.relearn.lucene.embed;
