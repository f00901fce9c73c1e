/**
 * The chunk document: every field relearn writes for a chunk, in one place, and the queries that
 * read them. {@link dev.relearn.lucene.schema.ChunkSchema} is the single source of field names.
 * {@link dev.relearn.lucene.schema.LearnedValuesSource} says where a search reads the learned
 * fields, and {@link dev.relearn.lucene.schema.ChunkIds} caches each segment's chunk ids.
 */
package dev.relearn.lucene.schema;
