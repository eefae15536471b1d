-- Room in each page for a robot row's next version: its frequent writes then stay in the page (HOT updates), with no index touched.
ALTER TABLE "robots" SET (fillfactor = 50);
