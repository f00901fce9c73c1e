package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.files.StorageOpener;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two processes creating the same new index folder at once (two {@code relearn index --index
 * new} started together): the one that finds the index in use leaves the folder to the other,
 * whose index stays whole, instead of deleting it as a folder its own failed open created.
 */
class CreationRaceTest {
  @TempDir Path tmp;

  @Test
  void anOpenThatLosesTheRaceToCreateTheFolderLeavesTheWinnersIndexAlone() throws Exception {
    Path index = tmp.resolve("new").resolve("index");
    Relearn[] winner = new Relearn[1];
    StorageOpener racing = new StorageOpener() { // the other process opens it in between
      @Override
      public Directory directory(Path folder, LockFactory locks) throws IOException {
        winner[0] = Relearn.open(index, TestOptions.HASHING);
        return StorageOpener.REAL.directory(folder, locks);
      }

      @Override
      public FileChannel channel(Path file, Set<? extends OpenOption> options,
          FileAttribute<?>... attributes) throws IOException {
        return StorageOpener.REAL.channel(file, options, attributes);
      }
    };
    try {
      assertThrows(IndexInUseException.class,
          () -> EngineOpener.open(index, TestOptions.HASHING, racing));
      assertEquals(3, winner[0].index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE)
          .added(), "the winner still writes its index");
    } finally {
      if (winner[0] != null) {
        winner[0].close();
      }
    }
    try (Relearn reopened = Relearn.open(index, TestOptions.HASHING.withReadOnly(true))) {
      assertEquals(3, reopened.stats().chunks(), "the winner's chunks are committed");
    }
  }
}
