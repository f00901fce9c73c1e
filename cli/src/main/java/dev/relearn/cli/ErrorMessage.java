package dev.relearn.cli;

import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;

/**
 * The one-line sentence the command line prints for an unexpected failure: the exception's
 * message, said in words for the file-system exceptions whose message is only a path; the
 * exception's class name only when it has no message.
 */
final class ErrorMessage {
  private ErrorMessage() {}

  static String of(Throwable e) {
    if (e instanceof UncheckedIOException unchecked && unchecked.getCause() != null) {
      return of(unchecked.getCause());
    }
    String message = e.getMessage();
    if (message == null || message.isBlank()) {
      return e.getClass().getSimpleName();
    }
    return switch (e) {
      case NoSuchFileException missing -> "no such file or folder: " + message;
      case NotDirectoryException notFolder -> "not a folder: " + message;
      case FileAlreadyExistsException inTheWay -> "a file is in the way: " + message;
      case AccessDeniedException denied -> "permission denied: " + message;
      case CorruptIndexException damaged -> "the index is damaged (" + message + "). Restore its"
          + " folder from a backup, or index your sources into a new folder";
      case IndexFormatTooOldException old -> "the index was written by an older Lucene: "
          + message + ". Index your sources into a new folder";
      case IndexFormatTooNewException newer -> "the index was written by a newer relearn: "
          + message;
      default -> message;
    };
  }
}
