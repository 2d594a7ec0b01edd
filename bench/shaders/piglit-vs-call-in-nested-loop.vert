#version 100
int i;
int num_calls_to_foo;
attribute vec4 piglit_vertex;
varying vec4 color;

void foo()
{
  num_calls_to_foo++;
  i = 2;
}

void main()
{
  num_calls_to_foo = 0;
  for (i = 0; i < 3; i++) { // Executes once, since foo() sets i to 2
    for (int j = 0; j < 3; j++) { // Executes 3 times
      foo();
    }
  }
  gl_Position = piglit_vertex;
  if (num_calls_to_foo == 3)
    color = vec4(0.0, 1.0, 0.0, 1.0);
  else
    color = vec4(1.0, 0.0, 0.0, 1.0);
}

