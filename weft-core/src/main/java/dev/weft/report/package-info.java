/**
 * Results in words and files, and only that: the interleaving table, the text report, the JSON summary,
 * the HTML page and schedule files; docs/reports.md describes what each shows.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.report;
