package dev.relearn.engine;

import dev.relearn.indexer.build.IndexOrigins;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;

/** Reads {@link IndexStats} from the current searcher. */
final class StatsReader {
  private StatsReader() {}

  static IndexStats read(Path dir, Directory directory, SearcherManager searchers,
      IndexMetadata metadata) throws IOException {
    IndexSearcher searcher = searchers.acquire();
    try {
      IndexReader reader = searcher.getIndexReader();
      Map<String, Integer> byKind = new LinkedHashMap<>();
      for (ChunkKind kind : ChunkKind.values()) {
        int count = searcher.count(new TermQuery(new Term(ChunkSchema.KIND, kind.label())));
        if (count > 0) {
          byKind.put(kind.label(), count);
        }
      }
      Map<String, Integer> origins = IndexOrigins.count(reader);
      long bytes = 0;
      for (String file : directory.listAll()) {
        bytes += lengthOrZero(directory, file);
      }
      // an index is bound to its model from its first commit, also while it holds nothing
      return new IndexStats(dir.toString(), metadata.modelId(), metadata.dimension(),
          reader.numDocs(), byKind, origins.size(), origins,
          IndexOrigins.unfinished(SegmentInfos.readLatestCommit(directory).getUserData()),
          reader.leaves().size(), bytes, folderBytes(dir.resolve(Relearn.FEEDBACK_FOLDER)));
    } finally {
      searchers.release(searcher);
    }
  }

  /** The bytes of every file under {@code folder}; 0 when it does not exist. */
  private static long folderBytes(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return 0;
    }
    long[] bytes = {0};
    Files.walkFileTree(folder, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
        bytes[0] += attributes.size();
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
        if (e instanceof NoSuchFileException) {
          return FileVisitResult.CONTINUE; // deleted while walking: a log rolled, a merge ended
        }
        throw e;
      }
    });
    return bytes[0];
  }

  /** The file's length, or 0 when a writer (here or in another process) just deleted it. */
  private static long lengthOrZero(Directory directory, String file) throws IOException {
    try {
      return directory.fileLength(file);
    } catch (NoSuchFileException | FileNotFoundException e) {
      return 0; // listed, then merged away or superseded by a newer commit
    }
  }
}
