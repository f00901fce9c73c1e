package dev.relearn.indexer.embed;

/** Run by {@link OnnxNativesTest} in a process of its own: loads the model and embeds a word. */
public final class OnnxNativesProbe {
  private OnnxNativesProbe() {}

  /** Embeds one word and prints its dimension. */
  public static void main(String[] args) throws Exception {
    try (BgeSmallEmbedder embedder = new BgeSmallEmbedder(1, true)) {
      System.out.println("embedded " + embedder.embedQuery("keys").length + " dimensions");
    }
  }
}
