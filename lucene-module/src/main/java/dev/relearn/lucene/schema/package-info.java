/**
 * The chunk document: every field relearn writes for a chunk, in one place, and the queries that
 * read them. {@link dev.relearn.lucene.schema.ChunkSchema} is the single source of field names.
 * {@link dev.relearn.lucene.schema.LearnedValuesSource} says where a search reads the learned
 * fields, and {@link dev.relearn.lucene.schema.ChunkIds} caches each segment's chunk ids.
 * {@link dev.relearn.lucene.schema.IndexMetadata} is what a commit records the index was built
 * with (model, dimension, schema, {@link dev.relearn.lucene.schema.VectorEncoding}); reading it
 * refuses an index of a Lucene this one does not read, naming both versions.
 */
package dev.relearn.lucene.schema;
