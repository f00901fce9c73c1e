/**
 * Chunkers: pure-Java code that cuts the text of one file into {@link
 * dev.relearn.lucene.schema.Chunk}s small enough for the embedding model, with stable ids, line
 * ranges and Markdown heading paths. {@link dev.relearn.indexer.chunk.Chunkers} picks the chunker
 * for a {@link dev.relearn.lucene.schema.ChunkKind}.
 */
package dev.relearn.indexer.chunk;
