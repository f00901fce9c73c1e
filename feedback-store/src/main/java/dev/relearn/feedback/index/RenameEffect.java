package dev.relearn.feedback.index;

/**
 * What a chunk rename did to the evidence recorded so far ({@link FeedbackIndex#rename}).
 *
 * @param moved whether evidence now counts for another chunk than before, or already counted for
 *     the new id (else no learned value changed: the new id's document holds the old one's)
 * @param movedWhole when all that moved was the whole evidence of one chunk to the new id, which
 *     had none, that chunk's id: its learned values move as they are; else null, and they must be
 *     counted again from the events
 */
public record RenameEffect(boolean moved, String movedWhole) {
  public RenameEffect {
    if (movedWhole != null && !moved) {
      throw new IllegalArgumentException("evidence of " + movedWhole
          + " moved: moved must be true");
    }
  }
}
