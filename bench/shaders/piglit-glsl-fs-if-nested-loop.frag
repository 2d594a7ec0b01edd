#version 100
precision mediump float;
varying float x;
varying float y;

void main()
{
	if (x < 0.0) {
		gl_FragColor = vec4(0.0, 1.0, 0.0, 0.0);
		/* left */
		for (float f = -2.0; f < x; f++) {
			if (f != y + 5.0) /* always */
				break;
			gl_FragColor += vec4(1.0, 0.0, 0.0, 0.0);
		}
	} else {
		/* right */
		gl_FragColor = vec4(0.0, 1.0, 0.0, 0.0);
	}
}

