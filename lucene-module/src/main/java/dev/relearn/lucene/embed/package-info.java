/**
 * The {@link dev.relearn.lucene.embed.Embedder} contract that the index depends on, and the checks
 * applied to every vector. Implementations live in the indexer module.
 */
package dev.relearn.lucene.embed;
