/**
 * The chunk document: every field relearn writes for a chunk, in one place, and the queries that
 * read them. {@link dev.relearn.lucene.schema.ChunkSchema} is the single source of field names.
 */
package dev.relearn.lucene.schema;
