// particles.frag: a soft round point: alpha falls from the centre to the
// rim of the point sprite.
precision mediump float;
varying vec4 v_colour;

void main()
{
	float r = length(gl_PointCoord - vec2(0.5));
	float a = smoothstep(0.5, 0.0, r);
	gl_FragColor = vec4(v_colour.rgb, a * v_colour.a);
}
