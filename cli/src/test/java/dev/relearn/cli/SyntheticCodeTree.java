package dev.relearn.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * A seeded tree of C-like source files for the scale benchmark's smoke run, where the kernel's
 * source is not installed: functions calling each other with identifiers drawn from a seeded
 * vocabulary (Zipf-like, so that some words are common and most rare, as in code).
 */
final class SyntheticCodeTree {
  private static final String[] SYLLABLES = {"ka", "lo", "mi", "net", "dev", "buf", "irq", "sk",
      "map", "ops", "ctx", "reg", "dma", "pci", "usb", "fs", "io", "mem", "vma", "page", "lock",
      "list", "hash", "ring", "queue", "node", "tree", "cpu", "tx", "rx"};

  private SyntheticCodeTree() {}

  /**
   * Writes {@code files} files of {@code functions} functions each under {@code root}, spread
   * over folders of 100 files; returns {@code root}.
   */
  static Path write(Path root, int files, int functions, long seed) throws IOException {
    Random random = new Random(seed);
    String[] words = new String[4_000];
    for (int i = 0; i < words.length; i++) {
      words[i] = SYLLABLES[random.nextInt(SYLLABLES.length)] + "_"
          + SYLLABLES[random.nextInt(SYLLABLES.length)] + (i % 7 == 0 ? "" : "_" + i);
    }
    for (int f = 0; f < files; f++) {
      StringBuilder text = new StringBuilder("#include <linux/kernel.h>\n\n");
      for (int n = 0; n < functions; n++) {
        text.append("static int ").append(word(words, random)).append("_").append(f).append("_")
            .append(n).append("(struct ").append(word(words, random)).append(" *")
            .append(word(words, random)).append(")\n{\n");
        int lines = 4 + random.nextInt(12);
        for (int l = 0; l < lines; l++) {
          text.append("\tif (").append(word(words, random)).append("->")
              .append(word(words, random)).append(")\n\t\treturn ").append(word(words, random))
              .append("(").append(word(words, random)).append(", ").append(random.nextInt(64))
              .append(");\n");
        }
        text.append("\treturn 0;\n}\n\n");
      }
      Path file = root.resolve(String.format("d%03d/f%05d.c", f / 100, f));
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    }
    return root;
  }

  /** A word of the vocabulary, the first ones far more often than the last. */
  private static String word(String[] words, Random random) {
    double u = random.nextDouble();
    return words[(int) (words.length * u * u * u)];
  }
}
