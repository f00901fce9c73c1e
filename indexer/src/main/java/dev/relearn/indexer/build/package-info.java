/**
 * Incremental index building: source chunks are compared with what the index holds, only new or
 * changed chunks are embedded and written, vanished ones are deleted, and learned values survive;
 * whole sources are removed by origin.
 */
package dev.relearn.indexer.build;
