package dev.relearn.lucene.readers;

import java.io.IOException;
import org.apache.lucene.codecs.StoredFieldsReader;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.StoredFields;

/**
 * Stored fields for reading many of a segment's documents in increasing order, on the calling
 * thread: the codec's merge instance, which decompresses each compressed block once, where
 * {@link LeafReader#storedFields()} decompresses a document's block again for each document.
 * Reading all 10,000 events of a feedback index took a third to a fifth of the time.
 */
public final class ScanStoredFields {
  private ScanStoredFields() {}

  /** Stored fields of {@code leaf} for a scan; not to be shared with other threads. */
  public static StoredFields of(LeafReader leaf) throws IOException {
    StoredFieldsReader codec = leaf instanceof CodecReader reader ? reader.getFieldsReader() : null;
    return codec != null ? codec.getMergeInstance() : leaf.storedFields();
  }
}
