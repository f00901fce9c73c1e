/**
 * Small helpers for Lucene readers: a value cached per segment core ({@link
 * dev.relearn.lucene.readers.SegmentCache}), a throttled, non-blocking refresh for readers that
 * follow another process's commits ({@link dev.relearn.lucene.readers.ThrottledRefresh}), and
 * stored fields for scans ({@link dev.relearn.lucene.readers.ScanStoredFields}). They depend on
 * Lucene only.
 */
package dev.relearn.lucene.readers;
