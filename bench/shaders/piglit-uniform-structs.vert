#version 100
attribute vec4 piglit_vertex;
varying vec4 texcoords;

/* Make the first uniform in the linked program take up a bunch of storage */
uniform mat4 identity;

void main()
{
    gl_Position = identity * piglit_vertex;
    texcoords = (piglit_vertex + 1.0) / 2.0;
}

