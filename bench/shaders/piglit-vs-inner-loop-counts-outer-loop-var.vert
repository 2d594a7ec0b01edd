#version 100
attribute vec4 piglit_vertex;
varying vec4 color;

void main()
{
  int num_total_iterations = 0;
  int i = 0;
  while (i < 6) { // Executes twice, since inner loop increments i each time through
    for (int j = 0; j < 3; j++) { // Executes 3 times
      num_total_iterations++;
      i++;
    }
  }
  gl_Position = piglit_vertex;
  if (num_total_iterations == 6)
    color = vec4(0.0, 1.0, 0.0, 1.0);
  else
    color = vec4(1.0, 0.0, 0.0, 1.0);
}

