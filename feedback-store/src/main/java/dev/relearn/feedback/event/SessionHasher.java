package dev.relearn.feedback.event;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Hashes session ids with a per-install secret salt (HMAC-SHA256), so stored feedback cannot be
 * joined with session ids from elsewhere. The salt is created once, owner-only, in the store's
 * folder; deleting it unlinks all stored sessions from future ones.
 */
public final class SessionHasher {
  /** The salt file's name. */
  public static final String SALT_FILE = "session.salt";
  private static final int SALT_BYTES = 32;
  private static final byte[] NO_SESSION = {(byte) 0xff};

  private final byte[] salt;

  private SessionHasher(byte[] salt) {
    this.salt = salt;
  }

  /** Loads the salt from {@code dir}, creating it on first use. */
  public static SessionHasher open(Path dir) throws IOException {
    Path file = dir.resolve(SALT_FILE);
    byte[] salt = SecretFile.readOrCreate(file, SALT_BYTES);
    return new SessionHasher(salt);
  }

  /** The hash of a named session id: 32 hex characters. */
  public String hash(String session) {
    if (session == null || session.isBlank()) {
      throw new IllegalArgumentException("a session id must not be blank; an event without one"
          + " counts under forEvent");
    }
    try { // strictly: as UTF-8 every unpaired surrogate is '?', so such ids would share a hash
      ByteBuffer utf8 = StandardCharsets.UTF_8.newEncoder().encode(CharBuffer.wrap(session));
      byte[] bytes = new byte[utf8.remaining()];
      utf8.get(bytes);
      return mac(bytes);
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("a session id must be valid Unicode; this one has an"
          + " unpaired surrogate (a \\uD800-\\uDFFF escape on its own)", e);
    }
  }

  /**
   * The session event {@code eventId} counts under: {@code session}'s {@link #hash}, or, for an
   * event sent without one, a session of its own (the 0xFF byte, never in UTF-8 so no named
   * session shares it, then the event id), so that
   * anonymous events are never pooled into one session that the per-session caps and budget
   * would silence (docs/RANKING.md). A retry of the event gets the same session.
   */
  public String forEvent(String session, String eventId) {
    if (session != null && !session.isBlank()) {
      return hash(session);
    }
    byte[] id = eventId.getBytes(StandardCharsets.UTF_8);
    byte[] value = new byte[NO_SESSION.length + id.length];
    System.arraycopy(NO_SESSION, 0, value, 0, NO_SESSION.length);
    System.arraycopy(id, 0, value, NO_SESSION.length, id.length);
    return mac(value);
  }

  private String mac(byte[] value) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(salt, "HmacSHA256"));
      byte[] digest = mac.doFinal(value);
      return HexFormat.of().formatHex(digest, 0, 16);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is required by every JDK", e);
    }
  }
}
