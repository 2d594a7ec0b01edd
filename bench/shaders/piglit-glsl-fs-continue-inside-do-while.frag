#version 100
precision mediump float;
void main()
{
  int x = 0;
  int y = 0;
  do {             // 1st iteration  2nd iteration  3rd iteration
    ++x;           // x <- 1         x <- 2         x <- 3
    if (x >= 4)    // false          false          false
      break;
    if (x >= 2)    // false          true           true
      continue;
    ++y;           // y=1            skipped        skipped
  } while (x < 3); // true           true           false

  // The "continue" should skip ++y on all iterations but the first,
  // so y should now be 1.  The "continue" should not skip (x < 3)
  // ever, so the loop should terminate when x == 3 (not 4).
  if (x == 3 && y == 1)
    gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0);
  else
    gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);
}

