#version 100
precision mediump float;
varying vec4 foo[1];
void main()
{
  for (int i = 0; i < 1; i++)
  {
    if (foo[i > 0 ? 0 : i].x >= 0.0)
    {
      for (int j = 0; j < 4; j++)
      {
      }
    }
  }
  gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0);
}

