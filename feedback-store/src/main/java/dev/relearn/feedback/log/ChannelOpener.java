package dev.relearn.feedback.log;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;

/** Opens the write channel of a generation file: the seam through which tests inject faults. */
@FunctionalInterface
interface ChannelOpener {
  /** The real file system. */
  ChannelOpener DEFAULT = FileChannel::open;

  /** Opens {@code file} like {@link FileChannel#open(Path, Set, FileAttribute[])}. */
  FileChannel open(Path file, Set<? extends OpenOption> options, FileAttribute<?>... attributes)
      throws IOException;
}
