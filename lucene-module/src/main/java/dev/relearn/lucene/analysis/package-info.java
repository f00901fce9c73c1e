/** Text analysis for chunk bodies: English prose, and code with identifier splitting. */
package dev.relearn.lucene.analysis;
