package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.lucene.readers.ThrottledRefresh;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderManager;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;

/**
 * The last commit of a ledger another process writes, as a read-only engine uses it: the chunk
 * renames for its similar-query lookups ({@link EventLedger#renamed} is the writer's own), found
 * through the terms of their old ids without reading any event, the newest events' summaries,
 * and the counts for its
 * statistics ({@link LedgerDocuments#counts}), read on first request. The commit is refreshed at
 * most every {@code refreshMillis} ms without blocking, and each is read again only when it
 * changed. Takes no lock and writes nothing. Thread-safe.
 */
final class CommittedLedger implements Closeable {
  private final Directory directory;
  private final ReaderManager readers;
  private final ThrottledRefresh refresh;
  private DirectoryReader readFrom; // guarded by this
  private Map<String, String> renamed = Map.of(); // guarded by this
  private DirectoryReader countedFrom; // guarded by this
  private LedgerDocuments.Counts counts; // guarded by this
  private DirectoryReader summarisedFrom; // guarded by this
  private RecentEvents recent; // guarded by this

  private CommittedLedger(Directory directory, ReaderManager readers, long refreshMillis) {
    this.directory = directory;
    this.readers = readers;
    this.refresh = new ThrottledRefresh(readers, refreshMillis);
  }

  /** The last commit of the ledger in {@code folder}, or null when it has none yet. */
  static CommittedLedger open(Path folder, long refreshMillis) throws IOException {
    if (!Files.isDirectory(folder)) {
      return null;
    }
    Directory directory = FSDirectory.open(folder);
    try {
      if (!DirectoryReader.indexExists(directory)) {
        directory.close();
        return null;
      }
      return new CommittedLedger(directory, new ReaderManager(directory), refreshMillis);
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileSuppressingExceptions(e, directory);
      throw e;
    }
  }

  /** As {@link EventLedger#renamed}: each renamed id to its current id, as of the last commit. */
  synchronized Map<String, String> current() throws IOException {
    refresh.maybeRefresh();
    DirectoryReader reader = readers.acquire();
    try {
      if (reader != readFrom) {
        renamed = RenamedEvidence.resolved(aliases(reader));
        readFrom = reader;
      }
      return renamed;
    } finally {
      readers.release(reader);
    }
  }

  /** The newest {@code limit} events' summaries of the last commit (read once per commit). */
  synchronized List<EventSummary> recent(int limit) throws IOException {
    refresh.maybeRefresh();
    DirectoryReader reader = readers.acquire();
    try {
      if (reader != summarisedFrom) {
        recent = new RecentEvents();
        LedgerDocuments.summaries(reader, recent);
        summarisedFrom = reader;
      }
      return recent.newest(limit);
    } finally {
      readers.release(reader);
    }
  }

  /** How many events the last commit holds: cheap, it reads no event. */
  int events() throws IOException {
    refresh.maybeRefresh();
    DirectoryReader reader = readers.acquire();
    try {
      return LedgerDocuments.events(reader);
    } finally {
      readers.release(reader);
    }
  }

  /** The events and learned chunks of the last commit (read once per commit: every event). */
  synchronized LedgerDocuments.Counts counts() throws IOException {
    Map<String, String> current = current(); // refreshes
    DirectoryReader reader = readers.acquire();
    try {
      if (reader != countedFrom) {
        counts = LedgerDocuments.counts(reader, current);
        countedFrom = reader;
      }
      return counts;
    } finally {
      readers.release(reader);
    }
  }

  private static Map<String, String> aliases(DirectoryReader reader) throws IOException {
    Map<String, String> aliases = new HashMap<>();
    for (LeafReaderContext context : reader.leaves()) {
      LeafReader leaf = context.reader();
      Terms terms = leaf.terms(LedgerDocuments.ALIAS_FROM);
      if (terms == null) {
        continue;
      }
      Bits live = leaf.getLiveDocs();
      StoredFields stored = leaf.storedFields();
      TermsEnum from = terms.iterator();
      PostingsEnum docs = null;
      for (BytesRef id = from.next(); id != null; id = from.next()) {
        docs = from.postings(docs, PostingsEnum.NONE);
        for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS;
            doc = docs.nextDoc()) {
          if (live == null || live.get(doc)) {
            aliases.put(id.utf8ToString(), stored.document(doc, Set.of(LedgerDocuments.ALIAS_TO))
                .get(LedgerDocuments.ALIAS_TO));
          }
        }
      }
    }
    return aliases;
  }

  @Override
  public void close() throws IOException {
    IOUtils.close(readers, directory);
  }
}
