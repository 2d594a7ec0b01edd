// colour.frag: the interpolated vertex colour.
precision mediump float;
varying vec4 v_colour;

void main()
{
	gl_FragColor = v_colour;
}
