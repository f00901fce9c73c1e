package dev.relearn.feedback.index;

import dev.relearn.lucene.readers.ScanStoredFields;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DocumentStoredFieldVisitor;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.IOConsumer;
import org.apache.lucene.util.IOFunction;
import org.apache.lucene.util.IOSupplier;
import org.apache.lucene.util.InPlaceMergeSorter;

/**
 * Reads the live documents of the events index for {@link RecordedEvents}, in index order or in
 * recording order (sequence numbers first, then one decoded event at a time, so the heap never
 * holds every event's vector). Stored fields that cannot be read or decoded are a {@link
 * CorruptIndexException} naming the index's folder.
 */
final class EventDocuments {
  private static final Set<String> ORDER_FIELDS =
      Set.of(EventFields.SEQ, EventFields.LINK_FROM, EventFields.LINK_TO);

  /** Decodes a document at a place; damaged when it throws. */
  private interface Decoder<T> {
    T decode(int leaf, int doc, Document document) throws IOException;
  }

  private EventDocuments() {}

  /**
   * Calls {@code apply} with every live document of {@code reader} {@code decode}d, in index
   * order, but not with what decodes to null; what {@code apply} throws is not a damaged document.
   */
  static <T> void forEachLive(DirectoryReader reader, Path folder,
      IOFunction<Document, T> decode, Consumer<T> apply) throws IOException {
    visit(reader, folder, null, (leaf, doc, document) -> decode.apply(document), apply);
  }

  /**
   * Calls {@code links} with every link document in index order, then {@code apply} with each
   * event {@code decode}d in sequence order; what {@code apply} throws is not a damaged document.
   */
  static <T> void inRecordingOrder(DirectoryReader reader, Path folder,
      IOConsumer<Document> links, IOFunction<Document, T> decode, Consumer<T> apply)
      throws IOException {
    Order order = new Order();
    visit(reader, folder, ORDER_FIELDS, (leaf, doc, document) -> {
      if (document.get(EventFields.LINK_FROM) != null) {
        links.accept(document);
      } else {
        order.add(document.getField(EventFields.SEQ).numericValue().longValue(), leaf, doc);
      }
      return null;
    }, value -> { });
    order.sort();
    List<LeafReaderContext> leaves = reader.leaves();
    StoredFields[] stored = new StoredFields[leaves.size()];
    for (int i = 0; i < order.size; i++) {
      int leaf = order.leaves[i];
      if (stored[leaf] == null) {
        stored[leaf] = ScanStoredFields.of(leaves.get(leaf).reader());
      }
      int doc = order.docs[i];
      apply.accept(read(folder, leaves.get(leaf), doc,
          () -> decode.apply(stored[leaf].document(doc))));
    }
  }

  /** Reads {@code fields} (null: all) of each live document, decodes it and applies the value. */
  private static <T> void visit(DirectoryReader reader, Path folder, Set<String> fields,
      Decoder<T> decode, Consumer<T> apply) throws IOException {
    for (LeafReaderContext leaf : reader.leaves()) {
      Bits live = leaf.reader().getLiveDocs();
      StoredFields stored = ScanStoredFields.of(leaf.reader());
      for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
        if (live == null || live.get(doc)) {
          int at = doc;
          T value = read(folder, leaf, doc, () -> {
            if (fields == null) {
              return decode.decode(leaf.ord, at, stored.document(at));
            }
            DocumentStoredFieldVisitor visitor = new DocumentStoredFieldVisitor(fields);
            stored.document(at, visitor);
            return decode.decode(leaf.ord, at, visitor.getDocument());
          });
          if (value != null) {
            apply.accept(value);
          }
        }
      }
    }
  }

  private static <T> T read(Path folder, LeafReaderContext leaf, int doc, IOSupplier<T> read)
      throws IOException {
    try {
      return read.get();
    } catch (IOException | RuntimeException e) {
      throw new CorruptIndexException("document " + doc + " of " + leaf.reader()
          + " cannot be decoded: " + e.getMessage(), folder.toString(), e);
    }
  }

  /** The events' sequence numbers and places, sorted by sequence number. */
  private static final class Order {
    private long[] seqs = new long[1024];
    private int[] leaves = new int[1024];
    private int[] docs = new int[1024];
    private int size;

    void add(long seq, int leaf, int doc) {
      if (size == seqs.length) {
        seqs = Arrays.copyOf(seqs, size * 2);
        leaves = Arrays.copyOf(leaves, size * 2);
        docs = Arrays.copyOf(docs, size * 2);
      }
      seqs[size] = seq;
      leaves[size] = leaf;
      docs[size++] = doc;
    }

    void sort() {
      new InPlaceMergeSorter() {
        @Override
        protected int compare(int i, int j) {
          return Long.compare(seqs[i], seqs[j]);
        }

        @Override
        protected void swap(int i, int j) {
          long seq = seqs[i];
          seqs[i] = seqs[j];
          seqs[j] = seq;
          int leaf = leaves[i];
          leaves[i] = leaves[j];
          leaves[j] = leaf;
          int doc = docs[i];
          docs[i] = docs[j];
          docs[j] = doc;
        }
      }.sort(0, size);
    }
  }
}
