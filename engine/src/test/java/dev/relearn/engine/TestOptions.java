package dev.relearn.engine;

/** Engine options the tests share. */
final class TestOptions {
  /** The instant hashing embedder: real indexes and feedback without loading the model. */
  static final RelearnOptions HASHING = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  private TestOptions() {}
}
